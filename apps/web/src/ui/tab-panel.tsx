import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = { id: string; labelledBy: string; active: boolean; children: ReactNode; keepMounted?: boolean };

/** Spec §2 tab content panel: the content of one tab, hidden (or unmounted) when not active. */
export function TabPanel({ id, labelledBy, active, children, keepMounted = false }: Props) {
  if (!active && !keepMounted) return null;
  return (
    <Box role="tabpanel" id={id} aria-labelledby={labelledBy} hidden={!active} tabIndex={0} py="md">
      {children}
    </Box>
  );
}
