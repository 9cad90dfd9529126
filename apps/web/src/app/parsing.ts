import { parseWithoutCodeGeneration } from '@rr/contracts';

// Before any answer is parsed: zod must not try `new Function` under the app's CSP.
parseWithoutCodeGeneration();
