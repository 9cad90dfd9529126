import {
  DeleteKeywordResponse,
  GetAdKeywordRequest,
  GetAdKeywordResponse,
  KeywordIdParams,
  ListKeywordsQuery,
  ListKeywordsResponse,
} from '@rr/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { KeywordService } from '../../keywords/keyword-service.ts';
import { companyOf, requireAuth } from '../auth-context.ts';
import { localize } from '../request-language.ts';

/** The screens the keyword routes serve (the spec's keyword, keywordoptimize and adkeyword). */
const KEYWORD_SCREENS = ['keyword', 'keywordoptimize', 'adkeyword'] as const;

/**
 * Keywords from Coupang (issue 42). `POST /api/getadkeyword` is the extension's (personal access
 * token of scope `keywords`, or a session); the list and the delete are the keyword screen's.
 */
export const keywordRoutes =
  (keywords: KeywordService): FastifyPluginAsyncZod =>
  async (app) => {
    const auth = { preHandler: requireAuth };

    app.post(
      '/api/getadkeyword',
      {
        ...auth,
        config: { accessToken: 'keywords', screens: KEYWORD_SCREENS },
        bodyLimit: 256 * 1024,
        schema: { body: GetAdKeywordRequest, response: { 200: GetAdKeywordResponse } },
      },
      async (request) => {
        const { message, adkeywords } = await keywords.collect(companyOf(request), request.body);
        return { res: 'success' as const, message: localize(request, message), adkeywords };
      },
    );

    app.get(
      '/api/keywords',
      {
        ...auth,
        config: { screens: KEYWORD_SCREENS },
        schema: { querystring: ListKeywordsQuery, response: { 200: ListKeywordsResponse } },
      },
      async (request) => ({
        items: await keywords.list(companyOf(request), request.query.productId, request.query.seed),
      }),
    );

    app.delete(
      '/api/keywords/:id',
      {
        ...auth,
        config: { screens: KEYWORD_SCREENS },
        schema: { params: KeywordIdParams, response: { 200: DeleteKeywordResponse } },
      },
      async (request) => {
        const message = await keywords.remove(companyOf(request), request.params.id);
        return { res: 'success' as const, message: localize(request, message) };
      },
    );
  };
