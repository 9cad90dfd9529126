/** The process log as the container builds it (pino-like: an object, then a message). */
export type Log = {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
};
