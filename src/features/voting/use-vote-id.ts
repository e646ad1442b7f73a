import { useLocation } from '@tanstack/react-router';

/** The `?voteId=` every vote screen passes (as `?questionId=` for projects). */
export const useVoteId = (): string => useLocation({ select: (location) => String((location.search as Record<string, unknown>).voteId ?? '') });
