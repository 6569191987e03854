import { describe, expect, it } from 'vitest';
import { keptCustomerName } from '../../../functions/core/channels/customer-names.js';

/** Meta's User Profile API as the test sets it up: the names it gives, and how often it was asked. */
function profileApi(names: Record<string, string | undefined>) {
  const asked: string[] = [];
  return {
    asked,
    lookUp: (senderId: string) => async () => {
      asked.push(senderId);
      return names[senderId];
    },
  };
}

describe('Messenger and Instagram customer names, asked of Meta before a message goes into the engine', () => {
  const hour = 60 * 60 * 1000;

  it('a customer’s following messages use the name Meta gave without asking again, for an hour', async () => {
    const meta = profileApi({ '2100000000000001': 'Robin Baker' });
    const now = Date.now();
    expect(await keptCustomerName('page-1', '2100000000000001', meta.lookUp('2100000000000001'), now)).toBe('Robin Baker');
    expect(await keptCustomerName('page-1', '2100000000000001', meta.lookUp('2100000000000001'), now + 1000)).toBe('Robin Baker');
    expect(meta.asked).toHaveLength(1);

    // Renamed at Meta: the new name shows once the hour is over.
    const renamed = profileApi({ '2100000000000001': 'Robin Baker-Smith' });
    expect(await keptCustomerName('page-1', '2100000000000001', renamed.lookUp('2100000000000001'), now + hour + 1)).toBe('Robin Baker-Smith');
  });

  it('another customer, or the same id under another account, is asked for', async () => {
    const meta = profileApi({ '2100000000000002': 'Sam Lee', '2100000000000003': 'Kim Ode' });
    expect(await keptCustomerName('page-2', '2100000000000002', meta.lookUp('2100000000000002'))).toBe('Sam Lee');
    expect(await keptCustomerName('page-2', '2100000000000003', meta.lookUp('2100000000000003'))).toBe('Kim Ode');
    const otherPage = profileApi({ '2100000000000002': 'Someone Else' });
    expect(await keptCustomerName('page-3', '2100000000000002', otherPage.lookUp('2100000000000002'))).toBe('Someone Else');
    expect([...meta.asked, ...otherPage.asked]).toEqual(['2100000000000002', '2100000000000003', '2100000000000002']);
  });

  it('when Meta gives no name, the next message asks again', async () => {
    const meta = profileApi({});
    expect(await keptCustomerName('page-4', '2200000000000004', meta.lookUp('2200000000000004'))).toBeUndefined();
    expect(await keptCustomerName('page-4', '2200000000000004', meta.lookUp('2200000000000004'))).toBeUndefined();
    expect(meta.asked).toHaveLength(2);
  });
});
