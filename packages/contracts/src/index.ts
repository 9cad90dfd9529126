export * from './categories.ts';
export * from './common.ts';
export * from './exports.ts';
export * from './import-1688.ts';
export * from './products.ts';
export * from './settings.ts';
export * from './upload.ts';
export * from './workflow.ts';
