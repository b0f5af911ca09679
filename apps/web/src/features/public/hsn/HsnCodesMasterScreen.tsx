import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Alert, Anchor, Badge, Box, Breadcrumbs, Button, Container, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { HSN_SEARCH_ENDPOINTS, HSN_SEARCH_TEXT, type HsnSearchItem } from '@opengst/contracts';
import { call } from '../../../api/call';
import { fillText, useText } from '../../../i18n/useText';
import { formatCount, formatDate } from '../../../shared/format';
import classes from './HsnCodesMasterScreen.module.css';

// /hsn-codes-master (spec core §2, modules §2.7; issue 20): the public search of the GST portal's HSN/SAC directory. The
// query is kept in the address (?q=) so a search can be shared; results load a page at a time.

type Key = keyof typeof HSN_SEARCH_TEXT;
const say = (key: Key, vars?: Record<string, string | number>) => fillText(HSN_SEARCH_TEXT[key], vars);

/** Anonymous visitors have no page-size setting: one page is what fits a laptop screen twice. */
const PAGE_SIZE = 25;
const DEBOUNCE_MS = 250;

const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

const Hierarchy = ({ item }: { item: HsnSearchItem }) =>
  item.hierarchy.length === 0 ? null : (
    <Text size="xs" c="dimmed" className={classes.hierarchy} data-testid={`hsn-hierarchy-${item.code}`}>
      {item.hierarchy.map((a, i) => (
        <span key={a.code} title={a.description ?? undefined}>
          {i > 0 ? ' › ' : ''}
          {say(`hsnSearch.level.${a.level}`)} {a.code}
          {a.description ? ` ${a.description}` : ''}
        </span>
      ))}
    </Text>
  );

/** Only where the project's dated rates know the code: a rate is never guessed from the chapter or the slab. */
const Rate = ({ rate }: { rate: NonNullable<HsnSearchItem['rate']> }) => (
  <Text size="xs" className={classes.rate} title={rate.source}>
    {say('hsnSearch.rate', { rate: rate.ratePercent, date: formatDate(rate.effectiveFrom) })}
  </Text>
);

const Result = ({ item, onKeyDown }: { item: HsnSearchItem; onKeyDown: (event: KeyboardEvent<HTMLLIElement>) => void }) => (
  <li className={classes.result} tabIndex={0} onKeyDown={onKeyDown} data-testid={`hsn-${item.code}`}>
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text fw={600} className={classes.code}>
        {item.code}
      </Text>
      <Badge size="xs" variant="light" color={item.kind === 'SAC' ? 'teal' : 'blue'}>
        {say(`hsnSearch.kind.${item.kind}`)}
      </Badge>
      <Text size="xs" c="dimmed">
        {say(`hsnSearch.level.${item.level}`)}
      </Text>
      {item.match === 'wordsWithTypos' ? (
        <Text size="xs" c="dimmed" fs="italic">
          {say('hsnSearch.typo')}
        </Text>
      ) : null}
      {item.rate ? (
        <Box style={{ marginLeft: 'auto' }}>
          <Rate rate={item.rate} />
        </Box>
      ) : null}
    </Group>
    <Text size="sm">{item.description}</Text>
    <Hierarchy item={item} />
  </li>
);

export const HsnCodesMasterScreen = () => {
  const t = useText();
  const [params, setParams] = useSearchParams();
  const [value, setValue] = useState(params.get('q') ?? '');
  // What is searched: the box's text after a pause in typing, or at once on Enter.
  const [text, setText] = useState(value.trim());
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const typed = value.trim();
    if (typed === text) return undefined;
    const timer = setTimeout(() => setText(typed), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, text]);
  useEffect(() => {
    if ((params.get('q') ?? '') !== text) setParams(text ? { q: text } : {}, { replace: true });
  }, [text, params, setParams]);
  useEffect(() => {
    const focus = (event: globalThis.KeyboardEvent) => {
      if (event.key === '/' && !isTyping(event.target)) {
        event.preventDefault();
        input.current?.focus();
      }
    };
    window.addEventListener('keydown', focus);
    return () => window.removeEventListener('keydown', focus);
  }, []);

  const query = useInfiniteQuery({
    queryKey: ['hsnSearch', text],
    queryFn: ({ pageParam }) => call(HSN_SEARCH_ENDPOINTS.search, { query: { text, start: pageParam, size: PAGE_SIZE } }, { silent: true }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.items.length, 0);
      return loaded < last.totalRecords && last.items.length > 0 ? loaded : undefined;
    },
    enabled: text !== '',
  });
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const total = query.data?.pages[0]?.totalRecords ?? 0;

  const results = () => [...(list.current?.querySelectorAll<HTMLLIElement>('li') ?? [])];
  const moveFrom = (event: KeyboardEvent<HTMLElement>, from: number) => {
    const items = results();
    if (event.key === 'ArrowDown' && from + 1 < items.length) items[from + 1]?.focus();
    else if (event.key === 'ArrowUp') (from > 0 ? items[from - 1] : input.current)?.focus();
    else if (event.key === 'Escape') input.current?.focus();
    else return;
    event.preventDefault();
  };

  return (
    <Container size="md">
      <Stack gap="md">
        <Breadcrumbs>
          <Anchor component={Link} to="/home" size="sm">
            {t('common.home')}
          </Anchor>
          <Text size="sm" c="dimmed">
            {say('hsnSearch.title')}
          </Text>
        </Breadcrumbs>
        <Title order={1} size="h2">
          {say('hsnSearch.title')}
        </Title>
        <Text size="sm">{say('hsnSearch.intro')}</Text>
        <TextInput
          ref={input}
          autoFocus
          label={say('hsnSearch.label')}
          placeholder={`${say('hsnSearch.placeholder')} (/)`}
          leftSection={<IconSearch size={16} />}
          rightSection={
            query.isFetching ? <Loader size="xs" className={classes.pending} role="status" aria-label={say('hsnSearch.searching')} /> : null
          }
          value={value}
          maxLength={100}
          onChange={(event) => setValue(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') setText(value.trim());
            else if (event.key === 'Escape') {
              setValue('');
              setText('');
            } else if (event.key === 'ArrowDown' && rows.length > 0) {
              event.preventDefault();
              results()[0]?.focus();
            }
          }}
          data-testid="hsn-search"
        />
        {text === '' ? (
          <Text size="sm" c="dimmed">
            {say('hsnSearch.prompt')}
          </Text>
        ) : query.isError ? (
          <Alert color="red" variant="light" role="alert" data-testid="hsn-error">
            <Group justify="space-between">
              <Text size="sm">{say('hsnSearch.failed', { message: query.error.message })}</Text>
              <Button size="xs" variant="default" onClick={() => void query.refetch()}>
                {say('hsnSearch.retry')}
              </Button>
            </Group>
          </Alert>
        ) : query.isSuccess && rows.length === 0 ? (
          <Text size="sm" data-testid="hsn-empty">
            {say('hsnSearch.empty', { text })}
          </Text>
        ) : rows.length > 0 ? (
          <>
            <Text size="xs" c="dimmed" aria-live="polite" data-testid="hsn-count">
              {say('hsnSearch.count', { shown: formatCount(rows.length), total: formatCount(total) })}
            </Text>
            <ul className={classes.results} ref={list} aria-label={say('hsnSearch.title')}>
              {rows.map((item, i) => (
                <Result key={item.code} item={item} onKeyDown={(event) => moveFrom(event, i)} />
              ))}
            </ul>
            {query.hasNextPage ? (
              <Button
                variant="default"
                size="xs"
                loading={query.isFetchingNextPage}
                onClick={() => void query.fetchNextPage()}
                style={{ alignSelf: 'center' }}
              >
                {say('hsnSearch.more')}
              </Button>
            ) : null}
          </>
        ) : null}
        <Text size="xs" c="dimmed">
          {say('hsnSearch.source')}
        </Text>
      </Stack>
    </Container>
  );
};
