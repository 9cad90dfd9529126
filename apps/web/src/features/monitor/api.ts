import { AiMonitorFailuresResponse, AiMonitorLiveResponse } from '@rr/contracts';
import { http } from '../../app/http';

// The monitor's answers are described in @rr/contracts (ai-monitor.ts).
export {
  AI_REQUEST_STATUSES,
  type AiRequestRow,
  type AiRequestStatus,
  type KeyRate,
  type RateInfo,
} from '@rr/contracts';
export type LiveAnswer = AiMonitorLiveResponse;

export const getLive = (signal?: AbortSignal) =>
  http.get('/api/ai-monitor/live', AiMonitorLiveResponse, signal ? { signal } : undefined);

export const getFailures = (limit = 50, signal?: AbortSignal) =>
  http.get(
    `/api/ai-monitor/failures?limit=${limit}`,
    AiMonitorFailuresResponse,
    signal ? { signal } : undefined,
  );
