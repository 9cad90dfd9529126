import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { colorSchemeManager } from './color-scheme';
import './i18n';

/** jsdom lacks matchMedia and ResizeObserver, which Mantine uses. */
export function installDomShims(): void {
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      value: vi.fn((query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        dispatchEvent: vi.fn(),
      })),
    });
  }
  if (!('ResizeObserver' in window)) {
    class ResizeObserverShim {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverShim });
  }
  Object.defineProperty(window, 'scrollTo', { writable: true, value: vi.fn() });
}

export function WithMantine({ children }: { children: ReactNode }) {
  return (
    <MantineProvider colorSchemeManager={colorSchemeManager} defaultColorScheme="light">
      {children}
    </MantineProvider>
  );
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
