import { describe, expect, it } from 'vitest';
import {
  type EditableFieldAction,
  type EditableFieldState,
  fieldHint,
  initialFieldState,
  editableFieldReducer as reduce,
  storedText,
  valueToSave,
} from './editable-field-state';

const idle = initialFieldState('가방', null, '저장하지 못했습니다');
const run = (s: EditableFieldState, ...actions: EditableFieldAction[]) => actions.reduce(reduce, s);

describe('editable field state', () => {
  it('starts from the stored value, or from an unsaved draft shown as a failed save', () => {
    expect(idle).toMatchObject({ text: '가방', status: 'idle', error: null });
    expect(initialFieldState('가방', '새 가방', '저장하지 못했습니다')).toMatchObject({
      text: '새 가방',
      status: 'error',
      error: '저장하지 못했습니다',
      lastStored: '가방',
    });
  });

  it.each<[string, EditableFieldAction[], Partial<EditableFieldState>]>([
    ['type: the typed text', [{ type: 'type', text: '지갑' }], { text: '지갑', status: 'idle' }],
    [
      'saving: clears the last error',
      [{ type: 'failed', error: 'x' }, { type: 'saving' }],
      { status: 'saving', error: null },
    ],
    [
      'saved as typed: the field keeps the text, no note',
      [
        { type: 'type', text: '지갑' },
        { type: 'saving' },
        { type: 'saved', typed: '지갑', storedText: null, note: null },
      ],
      { text: '지갑', status: 'saved', note: null, lastStored: '지갑' },
    ],
    [
      'saved differently: the field shows what was stored and why',
      [
        { type: 'type', text: ' 지갑 ' },
        { type: 'saved', typed: ' 지갑 ', storedText: '지갑', note: '공백 제거 (지갑)' },
      ],
      { text: '지갑', note: '공백 제거 (지갑)', lastStored: '지갑' },
    ],
    [
      'failed: the error under the field',
      [{ type: 'failed', error: '네트워크 오류' }],
      { status: 'error', error: '네트워크 오류' },
    ],
    [
      'storedChanged: follows a new stored value',
      [{ type: 'storedChanged', stored: '새 값', hasDraft: false }],
      { text: '새 값', lastStored: '새 값' },
    ],
    [
      'storedChanged while the seller has a draft: keeps the typed text',
      [
        { type: 'type', text: '입력 중' },
        { type: 'storedChanged', stored: '새 값', hasDraft: true },
      ],
      { text: '입력 중', lastStored: '새 값' },
    ],
  ])('%s', (_name, actions, expected) => {
    expect(run(idle, ...actions)).toMatchObject(expected);
  });

  it('an unchanged stored value changes nothing (the typed text stays)', () => {
    const typed = run(idle, { type: 'type', text: '입력 중' });
    expect(reduce(typed, { type: 'storedChanged', stored: '가방', hasDraft: false })).toBe(typed);
  });

  it('shows saving, then saved (or why the stored value differs) once the text is the stored one', () => {
    expect(fieldHint(run(idle, { type: 'saving' }), true)).toBe('saving');
    const saved = run(idle, { type: 'saved', typed: '가방', storedText: null, note: null });
    expect(fieldHint(saved, false)).toBe('saved');
    expect(fieldHint(saved, true)).toBeNull();
    expect(fieldHint({ ...saved, note: '잘림' }, false)).toEqual({ note: '잘림' });
    expect(fieldHint(idle, false)).toBeNull();
  });

  it('stored values show as text; typed text saves as the field stores it', () => {
    expect(storedText(null)).toBe('');
    expect(storedText(['a', 'b'])).toBe('a, b');
    expect(storedText(12)).toBe('12');
    expect(valueToSave('', 'number')).toBeNull();
    expect(valueToSave('1200', 'number')).toBe(1200);
    expect(valueToSave('a, b', 'text', (s) => s.split(', '))).toEqual(['a', 'b']);
    expect(valueToSave('a', 'textarea')).toBe('a');
  });
});
