import type { FastifyRequest } from 'fastify';
import type { Message } from '../errors/app-error.ts';

export type Language = 'ko' | 'en';

/** The seller's language: the `lang` cookie set by the web app, else Accept-Language, else Korean. */
export function requestLanguage(request: FastifyRequest): Language {
  const cookie = request.cookies?.lang;
  if (cookie === 'en' || cookie === 'ko') return cookie;
  const header = request.headers['accept-language'] ?? '';
  return /^en\b/i.test(header) ? 'en' : 'ko';
}

export function localize(request: FastifyRequest, message: Message): string {
  return message[requestLanguage(request)];
}
