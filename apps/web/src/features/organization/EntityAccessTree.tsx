import { Checkbox, Stack, Text } from '@mantine/core';
import type { BusinessNode } from '@opengst/contracts';
import { tickStateOf, toggleSubtree } from './entityAccess';

type Node = { entityId: number; entityName: string; gstin: string | null; children: readonly Node[] };

const NodeRow = ({
  node,
  depth,
  selected,
  onChange,
}: {
  node: Node;
  depth: number;
  selected: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
}) => {
  const state = tickStateOf(node, selected);
  return (
    <>
      <Checkbox
        size="xs"
        ml={depth * 20}
        checked={state === 'all'}
        indeterminate={state === 'some'}
        onChange={() => onChange(toggleSubtree(node, selected))}
        data-testid={`user-entity-${node.entityId}`}
        label={
          <Text size="sm" span>
            {node.entityName}
            {node.gstin ? (
              <Text span size="xs" c="dimmed" ff="monospace" ml={6}>
                {node.gstin}
              </Text>
            ) : null}
          </Text>
        }
      />
      {node.children.map((child) => (
        <NodeRow key={child.entityId} node={child} depth={depth + 1} selected={selected} onChange={onChange} />
      ))}
    </>
  );
};

/** The entity tree as checkboxes: the locations a user may work on. */
export const EntityAccessTree = ({
  tree,
  selected,
  onChange,
}: {
  tree: readonly BusinessNode[];
  selected: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
}) => (
  <Stack gap={6}>
    {tree.map((business) => (
      <NodeRow key={business.entityId} node={business} depth={0} selected={selected} onChange={onChange} />
    ))}
  </Stack>
);
