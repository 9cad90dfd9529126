import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useReducer } from 'react';
import { getLines } from './sales-api';
import { type Channel, initialLinesState, linesQuery, linesReducer } from './sales-state';

/** The lines screen: filters and page in a reducer, the page asked of the server (paged there). */
export function useSalesLines(channel: Channel = '') {
  const [state, dispatch] = useReducer(linesReducer, { ...initialLinesState, channel });
  const query = linesQuery(state);
  const lines = useQuery({
    queryKey: ['sales', 'lines', query],
    queryFn: ({ signal }) => getLines(query, signal),
    placeholderData: keepPreviousData,
  });
  return { state, dispatch, lines, exportQuery: linesQuery(state, false) };
}
