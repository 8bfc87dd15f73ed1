import { contactChangeOf } from '../students/index.ts';
import { corporatesPolicy } from './policy.ts';
import { setRepresentativeContact } from './repo.ts';
import { getCorporate } from './service.ts';

/**
 * A corporate's login e-mail or phone — its representative's — changed only with the code sent
 * to the new one; the representative's columns follow the login.
 */
export const corporateContactChange = contactChangeOf({
  name: 'corporate',
  entity: 'corporates',
  authorize: (holderOf) => corporatesPolicy.authorize('edit', holderOf),
  find: async (ctx, id) => {
    const corporate = await getCorporate(ctx, id);
    return { id: corporate.id, userId: corporate.userId };
  },
  mirror: setRepresentativeContact,
});
