import type { FakeReply, FakeServer, ReceivedRequest } from '../ai/support/fake-ai-servers.ts';
import { promptOf } from '../ai/support/fake-ai-servers.ts';

// A scripted model behind the real Gemini protocol: it reads the quotation prompts the gateway
// sends and answers like a good model would (Korean, the schema's names, one entry per option),
// unless a test overrides a kind of request.

export type PromptKind =
  | 'translate'
  | 'analyze'
  | 'commonUnexposed'
  | 'commonOther'
  | 'batch'
  | 'attributeInfo'
  | 'detect'
  | 'other';

export function kindOf(prompt: string): PromptKind {
  if (prompt.startsWith('1688 상품 속성을 한국어로')) return 'translate';
  if (prompt.startsWith('쿠팡 카테고리 속성을 옵션 전체에')) return 'analyze';
  if (prompt.startsWith('상품의 검색 필터용 비노출')) return 'commonUnexposed';
  if (prompt.startsWith('쿠팡 견적서의 공통 항목')) return 'commonOther';
  if (prompt.startsWith('옵션마다 다른 속성 값')) return 'batch';
  if (prompt.startsWith('선택한 옵션 하나의')) return 'attributeInfo';
  if (prompt.startsWith('아래 옵션들은 노출 속성이 같아')) return 'detect';
  return 'other';
}

const WORDS: Record<string, string> = {
  白色: '흰색',
  黑色: '검정',
  灰色: '회색',
  绿色: '초록색',
  小号: '소형',
  大号: '대형',
  棉: '면',
  材质: '소재',
  产地: '산지',
  广州: '광저우',
  领型: '넥라인',
  圆领: '라운드넥',
  型号: '모델',
};
const ko = (text: string) => text.replace(/[\u4e00-\u9fff]+/g, (w) => WORDS[w] ?? '상세페이지 참조');

/** `- name (필수/노출…, 다음 중 하나만: a | b)` lines under a heading, until a blank line. */
function section(prompt: string, heading: string): string[] {
  const start = prompt.indexOf(`${heading}\n`);
  if (start < 0) return [];
  const lines = prompt.slice(start + heading.length + 1).split('\n');
  const out: string[] = [];
  for (const l of lines) {
    if (!l.startsWith('- ')) break;
    out.push(l.slice(2));
  }
  return out;
}

type SchemaLine = { name: string; exposed: boolean; choices: string[] };
function schemaLines(prompt: string, heading: string): SchemaLine[] {
  return section(prompt, heading)
    .filter((l) => l !== '(속성 없음)')
    .map((l) => {
      const m = /^(.*?) \((.*)\)$/.exec(l)!;
      const choices = /다음 중 하나만: (.*)$/.exec(m[2]!)?.[1]?.split(' | ') ?? [];
      return { name: m[1]!, exposed: m[2]!.includes('/노출'), choices };
    });
}

export type OptionLine = { optionNumber: string; values: Record<string, string> };
export function optionLines(prompt: string): OptionLine[] {
  return section(prompt, '옵션:')
    .filter((l) => !l.startsWith('…') && l !== '(옵션 없음)')
    .map((l) => {
      const m = /^(\S+): [^(]*(?:\((.*)\))?$/.exec(l)!;
      const values: Record<string, string> = {};
      for (const part of (m[2] ?? '').split(' / ')) {
        const [axis, value] = part.split(': ');
        if (axis && value) values[axis] = value;
      }
      return { optionNumber: m[1]!, values };
    });
}

/** The value a good model gives an option for an attribute. */
export function optionValue(a: SchemaLine, o: OptionLine): string {
  if (a.name === '색상') return ko(o.values.색상 ?? '');
  if (a.name === '사이즈')
    return a.choices.includes(o.values.사이즈 ?? '') ? o.values.사이즈! : a.choices[0]!;
  if (a.name === '수량') return '1';
  return a.choices[0] ?? '상세페이지 참조';
}

export function goodAnswer(prompt: string): unknown {
  switch (kindOf(prompt)) {
    case 'translate': {
      const lines = prompt.split('\n').filter((l) => /^- [^:]+: /.test(l) && /[\u4e00-\u9fff]/.test(l));
      return {
        attributes: lines.map((l) => {
          const [name, value] = l.slice(2).split(': ');
          return { attributeName: ko(name!), value: ko(value!) };
        }),
      };
    }
    case 'analyze': {
      const attrs = schemaLines(prompt, '속성:');
      return {
        common: attrs.filter((a) => !a.exposed).map((a) => a.name),
        differentiated: attrs.filter((a) => a.exposed).map((a) => a.name),
      };
    }
    case 'commonUnexposed':
      return {
        attributes: schemaLines(prompt, '채울 속성:').map((a) => ({
          name: a.name,
          value: a.choices[0] ?? '면',
        })),
      };
    case 'commonOther': {
      const notices = /^고시정보: (.*)$/m.exec(prompt)?.[1]?.split(', ') ?? [];
      const certs = /^인증: (.*)$/m.exec(prompt)?.[1]?.split(', ') ?? [];
      return {
        modelNumber: 'TS-2025',
        searchTags: ['반팔티', '면티셔츠', '라운드넥'],
        attributes: schemaLines(prompt, '공통 속성:').map((a) => ({
          name: a.name,
          value: a.choices[0] ?? (a.exposed ? '1' : '면'),
        })),
        notices: notices.filter((n) => n !== '(없음)').map((name) => ({ name, value: '상세페이지 참조' })),
        certificates: certs.filter((n) => n !== '(없음)').map((name) => ({ name, value: '해당사항없음' })),
        logistics: { dimension: '300*250*20', weight: '200' },
      };
    }
    case 'batch': {
      const attrs = schemaLines(prompt, '속성:');
      return {
        options: optionLines(prompt).map((o) => ({
          optionNumber: o.optionNumber,
          attributes: attrs.map((a) => ({ name: a.name, value: optionValue(a, o) })),
        })),
      };
    }
    case 'attributeInfo': {
      const attrs = schemaLines(prompt, '쿠팡 속성:');
      const line = /^옵션: (\S+) (.*)$/m.exec(prompt);
      const parts = (line?.[2] ?? '').trim().split(/\s+/);
      const o: OptionLine = {
        optionNumber: line?.[1] ?? '',
        values: { 색상: parts[0] ?? '', 사이즈: parts[1] ?? '' },
      };
      return {
        exposed: attrs.filter((a) => a.exposed).map((a) => ({ name: a.name, value: optionValue(a, o) })),
        unexposed: attrs
          .filter((a) => !a.exposed)
          .map((a) => ({ name: a.name, value: a.choices[0] ?? '면' })),
      };
    }
    case 'detect': {
      const name = /추가 속성 이름은 "(.*?)"/.exec(prompt)?.[1] ?? '크기';
      return {
        attributeName: name,
        options: optionLines(prompt).map((o) => ({
          optionNumber: o.optionNumber,
          value: ko(o.values.규격 ?? o.values.크기 ?? '') || '기본형',
        })),
      };
    }
    default:
      return {};
  }
}

export type Override = (prompt: string, kind: PromptKind, nth: number) => FakeReply | undefined;

/** Answers every request with `goodAnswer` unless `override` returns a reply for it. */
export function scriptQuotationAi(fake: FakeServer, override: Override = () => undefined) {
  const counts = new Map<PromptKind, number>();
  const log: { kind: PromptKind; at: number; prompt: string }[] = [];
  fake.fallback = (request: ReceivedRequest) => {
    const prompt = promptOf(request);
    const kind = kindOf(prompt);
    const nth = (counts.get(kind) ?? 0) + 1;
    counts.set(kind, nth);
    log.push({ kind, at: request.at, prompt });
    return override(prompt, kind, nth) ?? { text: JSON.stringify(goodAnswer(prompt)) };
  };
  return { counts, log };
}
