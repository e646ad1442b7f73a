import { queryOptions } from '@tanstack/react-query';
import { templateKeyCalls } from '../../schemas/api/template-keys';
import { call } from './client';

/** Templates named by their seed keys (the case and plan pages): this database's ids. The pages show their own states. */
export const templatesByKeyQuery = (keys: readonly string[]) =>
  queryOptions({
    queryKey: ['templates', 'byKey', [...keys].sort()] as const,
    queryFn: () => call(templateKeyCalls.getTemplatesByKey, { keys: [...keys] }, { quiet: true }),
    enabled: keys.length > 0,
    staleTime: 5 * 60_000,
  });
