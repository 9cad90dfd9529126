import { describe, expect, it } from 'vitest';
import rawScript from './fixtures/1688_offer_943009939489_window_context.raw-script.txt?raw';
import { descriptionImageUrls } from './harvest.ts';
import { groupCaptures, MAX_CAPTURE_CHARS, MAX_CAPTURES_CHARS, parse1688Capture } from './index.ts';

// Inputs crafted to make the capture parser work superlinearly (issue 21): the parser now gives up
// after a few tries of an assignment and scans image tags only up to the last `>`; what a real
// capture holds is still read.

describe('capture parser budget', () => {
  it('keeps the per-capture limit well above the largest real page (244 KB) and below the total', () => {
    expect(MAX_CAPTURE_CHARS).toBeGreaterThanOrEqual(4 * 244_000);
    expect(MAX_CAPTURES_CHARS).toBeGreaterThanOrEqual(MAX_CAPTURE_CHARS);
  });

  it('still reads a real page script after a few broken assignments before it', () => {
    const broken = 'window.context = window.context || {};\n'.repeat(3);
    const result = parse1688Capture(broken + rawScript);
    expect(result.ok).toBe(true);
  });

  it.each([
    ['an unclosed function assignment', 'window.context=(function(){'],
    ['an unclosed object assignment', 'window.context={'],
    ['an unclosed __INIT_DATA call', 'window.__INIT_DATA=('],
  ])('refuses text repeating %s with the parser reason', (_name, unit) => {
    const result = parse1688Capture(`x ${unit.repeat(4000)}`);
    expect(result.ok).toBe(false);
  });

  it('gives up on a repeated assignment after a few tries: a valid one far behind is not reached', () => {
    const noise = 'window.context=(function(){ '.repeat(20);
    expect(parse1688Capture(noise + rawScript).ok).toBe(false);
  });

  it.each([
    ['<img src="https://a.example/1.jpg"><img ', ['https://a.example/1.jpg']],
    [`<img src="https://a.example/1.jpg">${'<img '.repeat(1000)}`, ['https://a.example/1.jpg']],
    [`${'<img '.repeat(3)}src="https://a.example/2.jpg">`, ['https://a.example/2.jpg']],
  ])('reads description images up to the last closed tag (%#)', (html, urls) => {
    expect(descriptionImageUrls(html)).toEqual(urls);
  });

  it('reads a text only once when grouping: a description page still joins its offer', () => {
    const { offers, failures } = groupCaptures([
      { value: rawScript, name: 'page' },
      { value: '<div><img src="https://cbu01.alicdn.com/img/x.jpg"></div>', name: 'description' },
    ]);
    expect(failures).toEqual([]);
    expect(offers).toHaveLength(1);
    expect(offers[0]!.inputs).toEqual(['page', 'description']);
  });
});
