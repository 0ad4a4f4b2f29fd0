// A user's own profile, and its picture (the Blob is uploaded apart, not pushed).
import { z } from 'zod';
import { mobileSchema } from '../entities';
import { claimedBy, mutation, text } from './define';

export const profileMutations = {
  'profile.update': mutation({
    args: z.object({
      id: z.string().max(200),
      name: z.string().trim().min(1).max(120).optional(),
      username: z.string().trim().min(3).max(60).optional(),
      mobile: mobileSchema.optional(),
      lastUpdatedBy: claimedBy,
    }),
    policy: 'profile.update', title: 'profileUpdate', detail: (a) => [text(a.name)],
  }),
  /** The picture Blob lives in the device's files table; the sync loop uploads it through uploadProfileImage. */
  'profile.picture': mutation({
    args: z.object({ userId: z.string(), fileId: z.string(), mime: z.string().regex(/^image\//) }),
    policy: null, title: 'profilePicture',
  }),
};
