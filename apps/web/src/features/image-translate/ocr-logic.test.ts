import { describe, expect, it } from 'vitest';
import {
  boundsOf,
  changedIndexes,
  fontSizeOf,
  ImageCallError,
  isImageAddress,
  type OcrItem,
  overlayBoxes,
  parseOcrItems,
  polygonPoints,
  readBatchAnswer,
  readOcrAnswer,
  readTranslateAnswer,
  toOcrPayload,
} from './ocr-logic';

const item = (over: Partial<OcrItem> = {}): OcrItem => ({
  source: '新款收纳盒',
  target: '신상 수납함',
  font_size: 40,
  bounding_box: [
    [100, 20],
    [300, 20],
    [300, 70],
    [100, 70],
  ],
  align: 'center',
  line_count: 1,
  ...over,
});

describe('four-point boxes', () => {
  it('draws a polygon through the four corners in order, also a rotated box', () => {
    expect(polygonPoints(item().bounding_box)).toBe('100,20 300,20 300,70 100,70');
    const rotated: OcrItem['bounding_box'] = [
      [110.04, 10],
      [310, 30.55],
      [305, 80],
      [105, 60],
    ];
    expect(polygonPoints(rotated)).toBe('110,10 310,30.6 305,80 105,60');
    expect(boundsOf(rotated)).toEqual({ x: 105, y: 10, width: 205, height: 70 });
  });
});

describe('OCR items from the batch query', () => {
  it('parses an array or its JSON text, fills defaults and drops items without a box', () => {
    const orc = [
      { source: '大容量', target: '대용량', font_size: '48px', bounding_box: [0, 0, 10, 0, 10, 5, 0, 5] },
      { source: 'broken', target: 'x', bounding_box: [[0, 0]] },
      {
        source: '30x20cm',
        bounding_box: item().bounding_box,
        align: 'left',
        line_count: 2,
        translate: false,
      },
    ];
    for (const input of [orc, JSON.stringify(orc)]) {
      const items = parseOcrItems(input);
      expect(items).toHaveLength(2);
      expect(items[0]).toMatchObject({
        source: '大容量',
        target: '대용량',
        font_size: 48,
        align: 'center',
        line_count: 1,
      });
      expect(items[1]).toMatchObject({ target: '', align: 'left', line_count: 2, translate: false });
    }
    expect(parseOcrItems('not json')).toEqual([]);
    expect(parseOcrItems(null)).toEqual([]);
  });
  it('font size: numbers, "40px", else the default 30', () => {
    expect(fontSizeOf(40)).toBe(40);
    expect(fontSizeOf('52px')).toBe(52);
    expect(fontSizeOf('big')).toBe(30);
    expect(fontSizeOf(-3)).toBe(30);
  });
});

describe('overlay', () => {
  it('numbers each box with a badge above it when there is room, inside when at the top edge', () => {
    const boxes = overlayBoxes(
      [
        item(),
        item({
          bounding_box: [
            [780, 0],
            [800, 0],
            [800, 30],
            [780, 30],
          ],
          translate: false,
        }),
      ],
      { width: 800, height: 800 },
    );
    expect(boxes).toHaveLength(2);
    expect(boxes[0]).toMatchObject({ index: 0, points: '100,20 300,20 300,70 100,70', kept: false });
    // 800 px wide → font 29, badge 36 high: the box top (20) has no room above → inside its top edge
    expect(boxes[0]?.label).toEqual({ x: 100, y: 20, width: 31, height: 36, size: 29 });
    // a box touching the top and right edges: badge inside, pulled left to stay in the image
    expect(boxes[1]?.label.y).toBe(0);
    expect(boxes[1]?.label.x).toBe(800 - 31);
    expect(boxes[1]?.kept).toBe(true);
  });
  it('badges sit above boxes with room, and widen for two-digit numbers', () => {
    const many = Array.from({ length: 10 }, () =>
      item({
        bounding_box: [
          [10, 500],
          [200, 500],
          [200, 540],
          [10, 540],
        ],
      }),
    );
    const boxes = overlayBoxes(many, { width: 790, height: 2000 });
    expect(boxes[0]?.label).toEqual({ x: 10, y: 500 - 35, width: 30, height: 35, size: 28 });
    expect(boxes[9]?.label.width).toBeGreaterThan(boxes[0]!.label.width);
  });
});

describe('edits', () => {
  it('finds the changed lines and sends trimmed Korean with numeric font sizes', () => {
    const base = [item(), item({ source: '防水', target: '방수' })];
    const edited = base.map((i) => ({ ...i }));
    expect(changedIndexes(base, edited)).toEqual([]);
    edited[1] = { ...edited[1]!, target: ' 완전 방수 ' };
    edited[0] = { ...edited[0]!, font_size: 52 };
    expect(changedIndexes(base, edited)).toEqual([0, 1]);
    const payload = toOcrPayload(edited);
    expect(payload[1]?.target).toBe('완전 방수');
    expect(payload[0]?.font_size).toBe(52);
    expect(payload[0]?.bounding_box).toEqual(base[0]?.bounding_box);
  });
});

describe('answers of the image calls', () => {
  const translateAnswer = {
    요청결과: '성공',
    result: [
      {
        RequestId: 'R1',
        Data: {
          Url: '/files/c/tr.jpg',
          SslUrl: '/files/c/tr.jpg',
          RmUrl: '/files/c/rm.jpg',
          SslRmUrl: '/files/c/rm.jpg',
          TranslateUrl: '/files/c/tr.jpg',
          SslTranslateUrl: '/files/c/tr.jpg',
          OriginUrl: '/files/c/src.png',
        },
      },
    ],
  };
  it('translate: request id, translated, text-removed and original URLs', () => {
    expect(readTranslateAnswer(translateAnswer, 'fail')).toEqual({
      requestId: 'R1',
      url: '/files/c/tr.jpg',
      rmUrl: '/files/c/rm.jpg',
      originUrl: '/files/c/src.png',
    });
  });
  it('translate: anything but 성공 with both images is an error with the server message or ours', () => {
    expect(() => readTranslateAnswer({ 요청결과: '실패', error: '이미지 URL이 없습니다' }, 'fail')).toThrow(
      '이미지 URL이 없습니다',
    );
    expect(() => readTranslateAnswer({ 요청결과: '성공', result: [] }, '이미지 번역 API 응답 실패')).toThrow(
      ImageCallError,
    );
  });
  it('batch query: the OCR content of the request id, with size and URLs', () => {
    const entry = readBatchAnswer(
      {
        result: {
          Data: {
            Content: { R1: { Orc: [item()], Url: '/tr.jpg', RmUrl: '/rm.jpg', Width: 800, Height: 600 } },
          },
        },
      },
      'R1',
      'none',
    );
    expect(entry.items).toHaveLength(1);
    expect(entry).toMatchObject({ url: '/tr.jpg', rmUrl: '/rm.jpg', width: 800, height: 600 });
    expect(() => readBatchAnswer({ result: { Data: { Content: {} } } }, 'R1', 'none')).toThrow('none');
  });
  it('OCR regenerate: new request id and URL', () => {
    expect(readOcrAnswer({ result: { RequestId: 'R2', Data: { Url: '/files/c/r2.jpg' } } }, 'x')).toEqual({
      requestId: 'R2',
      url: '/files/c/r2.jpg',
    });
    expect(() => readOcrAnswer({ result: {} }, 'OCR 이미지 생성 실패')).toThrow('OCR 이미지 생성 실패');
  });
  it('image addresses: http(s) and our /files/ paths only', () => {
    expect(isImageAddress('https://cbu01.alicdn.com/img/a.jpg')).toBe(true);
    expect(isImageAddress('/files/c/a.jpg')).toBe(true);
    expect(isImageAddress('file:///etc/passwd')).toBe(false);
    expect(isImageAddress('javascript:alert(1)')).toBe(false);
    expect(isImageAddress('')).toBe(false);
  });
});
