import { TASK_REGISTRY } from '@rr/domain';

/** The tasks' names in the batch order, in the screen's language (the domain's task registry). */
export const taskLabels = (language: string | undefined): string[] =>
  TASK_REGISTRY.map((t) => (language?.startsWith('en') ? t.label.en : t.label.ko));
