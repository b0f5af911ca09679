import { ActionIcon, Group, Select, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconCrown, IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useText } from '../i18n/useText';
import { UserAnnouncementBell } from '../shared/announcements/AnnouncementBell';
import { UserMenu } from './UserMenu';
import classes from './PageTitleBar.module.css';

type Props = {
  title: string;
  isSidebarOpen: boolean;
  onToggleSidebar: () => void;
  /** Shown only where there is somewhere to go back to. */
  onBack?: (() => void) | undefined;
  isPremium: boolean;
  /** The working financial year and its switcher (spec core §2: the FY chip of the header). */
  financialYear: { value: string; options: readonly string[]; onChange: (label: string) => void } | null;
  /** Spec core §2: the header turns fixed after 50 px of scroll. */
  isFixed: boolean;
  onOpenProfile: () => void;
};

export const PageTitleBar = ({
  title,
  isSidebarOpen,
  onToggleSidebar,
  onBack,
  isPremium,
  financialYear,
  isFixed,
  onOpenProfile,
}: Props) => {
  const t = useText();
  return (
    <header className={classes.bar} data-fixed={isFixed}>
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
        <Tooltip label={t('shell.toggleMenu')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={onToggleSidebar}
            aria-label={t('shell.toggleMenu')}
            aria-expanded={isSidebarOpen}
          >
            {isSidebarOpen ? (
              <IconLayoutSidebarLeftCollapse size={20} stroke={1.6} />
            ) : (
              <IconLayoutSidebarLeftExpand size={20} stroke={1.6} />
            )}
          </ActionIcon>
        </Tooltip>
        {onBack ? (
          <Tooltip label={t('shell.back')}>
            <ActionIcon variant="subtle" color="gray" onClick={onBack} aria-label={t('shell.back')}>
              <IconArrowLeft size={18} />
            </ActionIcon>
          </Tooltip>
        ) : null}
        <Title order={1} size="h4" fw={600} data-testid="page-title" className="truncate-narrow">
          {title}
        </Title>
        {isPremium ? (
          <Tooltip label={t('shell.premium')}>
            <IconCrown size={18} color="var(--mantine-color-yellow-7)" aria-label={t('shell.premium')} role="img" />
          </Tooltip>
        ) : null}
      </Group>
      <Group gap="sm" wrap="nowrap">
        {financialYear ? (
          <Select
            size="xs"
            w={118}
            radius="sm"
            aria-label={t('shell.financialYearSwitch')}
            data={financialYear.options.map((label) => ({ value: label, label: t('shell.financialYear', { label }) }))}
            value={financialYear.value}
            onChange={(label) => label && financialYear.onChange(label)}
            allowDeselect={false}
            comboboxProps={{ width: 140, position: 'bottom-end' }}
            data-testid="working-year"
          />
        ) : null}
        <UserAnnouncementBell />
        <UserMenu onOpenProfile={onOpenProfile} />
      </Group>
    </header>
  );
};
