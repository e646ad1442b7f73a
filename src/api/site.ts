import { queryOptions } from '@tanstack/react-query';
import { siteCalls } from '../../schemas/api/site';
import { call } from './client';

/** site/operator: who runs this deployment (the legal pages name it). */
export const operatorQuery = () =>
  queryOptions({ queryKey: ['site', 'operator'] as const, queryFn: () => call(siteCalls.operator, {}, { quiet: true }), staleTime: Infinity, retry: false });
