import { type AnswerSchema, errorMessage, HttpError, http } from '../../app/http';

/** The products screens call the server through the shell's HTTP helper (spec §8 messages). */
export { HttpError };

/** POST with the route's response schema (@rr/contracts): the answer parsed by it, or an HttpError. */
export const post = <T>(path: string, schema: AnswerSchema<T>, body: unknown, signal?: AbortSignal) =>
  http.post(path, schema, body, signal ? { signal } : undefined);
export const get = <T>(path: string, schema: AnswerSchema<T>, signal?: AbortSignal) =>
  http.get(path, schema, signal ? { signal } : undefined);

export function errorText(e: unknown): string {
  if (e instanceof HttpError) return e.message;
  if (e instanceof Error && e.message) return e.message;
  return errorMessage(e);
}
