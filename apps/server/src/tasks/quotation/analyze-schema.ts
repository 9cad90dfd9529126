import { MESSAGES } from '@rr/domain';
import { analyzeSchemaWork } from '../../ai/prompts/quotation-analyze-schema.ts';
import { askAi, QuotationStepError } from './ask-ai.ts';
import { promptAttributes, promptOption, type QuotationJob } from './quotation-job.ts';

export type SchemaSplit = { common: string[]; differentiated: string[] };

/**
 * Step 3 (Q §4): the schema's attributes as common (one value for every option) or differentiated
 * (a value per option), by ANALYZE_SCHEMA_ATTRIBUTES. Names the schema does not list are dropped,
 * a name classified twice counts once (differentiated wins), and a schema attribute the answer
 * forgot is common when unexposed and differentiated when exposed (a purchase option). An answer
 * that classifies nothing is 'empty'; either failure sends the product to per-option processing.
 */
export async function analyzeSchema(job: QuotationJob): Promise<SchemaSplit> {
  const names = job.schema.attributes.map((a) => a.name);
  if (names.length === 0) return { common: [], differentiated: [] };
  let answer: Awaited<ReturnType<typeof analyzeSchemaWork.offline>>;
  try {
    answer = await askAi(job, analyzeSchemaWork, {
      productId: job.productId,
      coupangSchema: { attributes: promptAttributes(job.schema.attributes) },
      options: job.options.map(promptOption),
    });
  } catch (error) {
    if (error instanceof QuotationStepError && error.kind !== 'bad_answer' && error.kind !== 'exception')
      throw error;
    throw new QuotationStepError(MESSAGES.schemaAnalysisFailed, 'bad_answer', error);
  }
  const known = new Set(names);
  const differentiated = new Set(answer.differentiated.map((n) => n.trim()).filter((n) => known.has(n)));
  const common = new Set(
    answer.common.map((n) => n.trim()).filter((n) => known.has(n) && !differentiated.has(n)),
  );
  if (differentiated.size + common.size === 0) {
    throw new QuotationStepError(MESSAGES.schemaAnalysisEmpty, 'bad_answer');
  }
  for (const a of job.schema.attributes) {
    if (differentiated.has(a.name) || common.has(a.name)) continue;
    (a.exposed ? differentiated : common).add(a.name);
  }
  // Schema order, so the prompts list attributes as the form does.
  return {
    common: names.filter((n) => common.has(n)),
    differentiated: names.filter((n) => differentiated.has(n)),
  };
}
