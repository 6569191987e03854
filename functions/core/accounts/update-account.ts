import type { AccountResponse, UpdateAccountRequest } from '../../contracts/account.js';
import { db } from '../data/db.js';
import type { Identity } from '../http/identity.js';
import { getAccount } from './account.js';
import { setBusinessNameAttribute } from './user-directory.js';

/**
 * Account settings: the business name, on the user (so new tokens carry it) and on the profile, and
 * the person's own name (core/inbox/person-shown.ts).
 * Assistants keep the business name they were created with (each has its own, on the Configure page).
 */
export async function updateAccount(identity: Identity, changes: UpdateAccountRequest): Promise<AccountResponse> {
  await getAccount(identity);
  await setBusinessNameAttribute(identity.userId, changes.business_name);
  const profile = db().entities.userProfile.patch({ user_id: identity.userId });
  const name = changes.display_name;
  // The person's own name goes with it when given (an empty one clears it: visitors then see one from the e-mail).
  await (name === undefined
    ? profile.set({ business_name: changes.business_name })
    : name
      ? profile.set({ business_name: changes.business_name, display_name: name })
      : profile.set({ business_name: changes.business_name }).remove(['display_name'])
  ).go();
  return getAccount(identity);
}
