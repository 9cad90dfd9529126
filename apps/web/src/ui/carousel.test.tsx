import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { installDomShims, WithMantine } from '../app/test-utils';
import { Carousel, slidesPerView } from './carousel';

beforeAll(installDomShims);

describe('carousel', () => {
  it.each([
    [1440, 2],
    [992, 2],
    [991, 1],
    [768, 1],
    [480, 1],
    [479, 1],
    [320, 1],
  ])('at %i px shows %i slide(s)', (width, expected) => {
    expect(slidesPerView(width)).toBe(expected);
  });

  it('moves one slide at a time with the buttons and stops at the ends', () => {
    render(
      <WithMantine>
        <Carousel label="도움말" slides={['가', '나', '다'].map((s) => <p key={s}>{s}</p>)} />
      </WithMantine>,
    );
    // jsdom's matchMedia answers false → below 992 px → one slide
    expect(screen.getByText('가')).toBeTruthy();
    expect(screen.queryByText('나')).toBeNull();
    const next = screen.getByRole('button', { name: '다음' });
    fireEvent.click(next);
    fireEvent.click(next);
    expect(screen.getByText('다')).toBeTruthy();
    expect(next instanceof HTMLButtonElement && next.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '이전' }));
    expect(screen.getByText('나')).toBeTruthy();
  });
});
