export * from './constants.ts';
export * from './entities/index.ts';
export * from './import-1688/index.ts';
export * from './messages.ts';
export * from './records.ts';
export * from './result.ts';
export * from './rules/index.ts';
export * from './tasks/task-registry.ts';
