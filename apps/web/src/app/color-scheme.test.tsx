import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { COLOR_SCHEME_KEY } from './color-scheme';
import { ColorSchemeToggle } from './layout/color-scheme-toggle';
import { installDomShims, WithMantine } from './test-utils';

beforeAll(installDomShims);

describe('dark/light switch', () => {
  it('toggles a dark class on body, remembers it, and a fresh mount restores it', async () => {
    localStorage.removeItem(COLOR_SCHEME_KEY);
    const first = render(
      <WithMantine>
        <ColorSchemeToggle />
      </WithMantine>,
    );
    expect(document.body.classList.contains('dark')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '다크 모드로 전환' }));
    expect(document.body.classList.contains('dark')).toBe(true);
    expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBe('dark');
    first.unmount();
    document.body.classList.remove('dark');

    // "reload": a new tree reads the remembered choice
    render(
      <WithMantine>
        <ColorSchemeToggle />
      </WithMantine>,
    );
    expect(document.body.classList.contains('dark')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '라이트 모드로 전환' }));
    expect(document.body.classList.contains('dark')).toBe(false);
    expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBe('light');
    // Mantine clears its transition-blocking style 10 ms after a switch; let that run inside the test.
    await new Promise((resolve) => setTimeout(resolve, 30));
  });
});
