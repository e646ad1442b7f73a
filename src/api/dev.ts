import { queryOptions } from '@tanstack/react-query';
import { devCalls } from '../../schemas/api/dev';
import { call } from './client';

/** dev/config: which development tools the server allows. */
export const devConfig = () => call(devCalls.config, {});

export const devConfigQuery = () => queryOptions({ queryKey: ['dev', 'config'] as const, queryFn: devConfig, staleTime: Infinity });
