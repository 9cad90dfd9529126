import { UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './tab-nav-item.module.css';

type Props = {
  id: string;
  controls: string;
  active: boolean;
  onSelect: () => void;
  children: ReactNode;
  /** A small status marker next to the label (e.g. a task status chip). */
  badge?: ReactNode;
};

/** Spec §2 tab-navigation item: one tab of a tab list, paired with a TabPanel by id. */
export function TabNavItem({ id, controls, active, onSelect, children, badge }: Props) {
  return (
    <UnstyledButton
      role="tab"
      id={id}
      aria-controls={controls}
      aria-selected={active}
      tabIndex={active ? 0 : -1}
      className={classes.tab}
      data-active={active || undefined}
      onClick={onSelect}
      onKeyDown={(e) => {
        if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
        const tabs = Array.from(
          e.currentTarget.closest('[role="tablist"]')?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [],
        );
        const i = tabs.indexOf(e.currentTarget);
        const next = tabs[(i + (e.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
        next?.focus();
        next?.click();
      }}
    >
      {children}
      {badge}
    </UnstyledButton>
  );
}
