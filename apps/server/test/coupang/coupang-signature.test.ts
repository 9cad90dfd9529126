import { describe, expect, it } from 'vitest';
import {
  coupangAuthorization,
  coupangSignature,
  parseCoupangAuthorization,
  parseSignedDate,
  signedDateOf,
} from '../../src/coupang/coupang-signature.ts';

// Expected signatures were computed outside this code with
//   printf '%s' "<signed-date><METHOD><path><query>" | openssl dgst -sha256 -hmac "<secret>"
// following the documented message (signed-date + method + path + query).
const CASES = [
  {
    secret: 'secret-key-0001',
    date: '251125T150000Z',
    method: 'GET',
    path: '/v2/providers/seller_api/apis/api/v1/marketplace/meta/display-categories',
    query: '',
    signature: 'f7bd918626522bcb888ca5191fdc22bdc23ec14b01dc1f3bea1464f3f6ce26d7',
  },
  {
    secret: 'secret-key-0001',
    date: '251125T150000Z',
    method: 'GET',
    path: '/v2/providers/seller_api/apis/api/v1/marketplace/seller-products',
    query: 'vendorId=A00012345&maxPerPage=1',
    signature: 'd9f8e40aaad5229ac91587c8f7ac649ac012649f2feb3325c2094b0d0295a15f',
  },
  {
    secret: 'secret-key-0001',
    date: '181009T051512Z',
    method: 'POST',
    path: '/v2/providers/seller_api/apis/api/v1/marketplace/seller-products',
    query: '',
    signature: '2b23c4c995c06ddb616b7d811b7b806c99ff1748ed5e92013a2cb3b7d9a2f02f',
  },
  {
    secret: '다른비밀키',
    date: '260101T000000Z',
    method: 'put',
    path: '/v2/providers/seller_api/apis/api/v1/marketplace/seller-products',
    query: '',
    signature: '2a886952ffbd47ba4ad52361ce8eab2a89c10f84b522611f4ebfecf11f30b779',
  },
];

describe('Coupang CEA signature', () => {
  it.each(CASES)('$method $path?$query signed $date', (c) => {
    expect(coupangSignature(c.secret, c.date, c.method, c.path, c.query)).toBe(c.signature);
    // A query given with its '?' signs the same.
    if (c.query)
      expect(coupangSignature(c.secret, c.date, c.method, c.path, `?${c.query}`)).toBe(c.signature);
  });

  it.each([
    [new Date('2025-11-25T15:00:00.000Z'), '251125T150000Z'],
    [new Date('2018-10-09T05:15:12.999Z'), '181009T051512Z'],
    [new Date('2026-01-01T00:00:00Z'), '260101T000000Z'],
  ])('signed-date of %s is %s', (at, text) => {
    expect(signedDateOf(at)).toBe(text);
    expect(parseSignedDate(text)?.getTime()).toBe(Math.floor(at.getTime() / 1000) * 1000);
  });

  it('builds the documented header and reads it back', () => {
    const header = coupangAuthorization(
      { accessKey: 'ak-1', secretKey: 'secret-key-0001' },
      'GET',
      CASES[1]!.path,
      CASES[1]!.query,
      new Date('2025-11-25T15:00:00Z'),
    );
    expect(header).toBe(
      `CEA algorithm=HmacSHA256, access-key=ak-1, signed-date=251125T150000Z, signature=${CASES[1]!.signature}`,
    );
    expect(parseCoupangAuthorization(header)).toEqual({
      algorithm: 'HmacSHA256',
      accessKey: 'ak-1',
      signedDate: '251125T150000Z',
      signature: CASES[1]!.signature,
    });
  });

  it.each(['', 'Bearer abc', 'CEA algorithm=HmacSHA256, access-key=a', 'CEA nonsense'])(
    'refuses %j as a CEA header',
    (h) => expect(parseCoupangAuthorization(h)).toBeNull(),
  );
  it.each(['2511T1500Z', '251325T150000Z', ''])('refuses signed-date %j', (d) =>
    expect(parseSignedDate(d)).toBeNull(),
  );
});
