import { groupCaptures, type NamedCapture } from '@rr/domain';
import { createDocumentValidator } from '../categories/validate-document.ts';
import { readSheetRows, type SheetRows } from './xlsx-budget.ts';

// What runs inside the work pool's threads (limits/work-pool.ts): the parsers and the compiler fed by
// client input. Each thread has its own memory limit, and a task past its time is ended with its
// thread, so neither can stall or crash the process that answers other companies' requests.

export type WorkTasks = {
  /** The 1688 import's pure first step (parse and group the captures). */
  import1688: { input: NamedCapture[]; output: ReturnType<typeof groupCaptures> };
  /** An uploaded review sheet, already checked by `checkXlsxArchive`, read into plain rows. */
  xlsx: { input: { data: Uint8Array; sheetName: string }; output: SheetRows };
  /** Documents checked with Ajv against a stored category schema (compiling it is the heavy part). */
  validate: {
    input: { schemaString: string; documents: unknown[] };
    output: ReturnType<ReturnType<typeof createDocumentValidator>['validate']>[];
  };
};
export type WorkKind = keyof WorkTasks;

// One validator per thread: compiled schemas are reused by the next task this thread takes. The pool
// (owned by the container) owns the threads, so this is the thread's state, not the server process's.
let validator: ReturnType<typeof createDocumentValidator> | undefined;

export async function runTask(task: { kind: WorkKind; input: unknown }): Promise<unknown> {
  switch (task.kind) {
    case 'import1688':
      return groupCaptures(task.input as WorkTasks['import1688']['input']);
    case 'xlsx': {
      const { data, sheetName } = task.input as WorkTasks['xlsx']['input'];
      return readSheetRows(Buffer.from(data.buffer, data.byteOffset, data.byteLength), sheetName);
    }
    case 'validate': {
      const { schemaString, documents } = task.input as WorkTasks['validate']['input'];
      validator ??= createDocumentValidator();
      return documents.map((d) => validator!.validate(schemaString, d));
    }
  }
}
