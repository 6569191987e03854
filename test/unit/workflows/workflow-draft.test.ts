import { describe, expect, it } from 'vitest';
import { EMPTY_SMS_MESSAGE, INVALID_SENDER_PHONE, saveWorkflowRequestSchema, type Workflow } from '../../../functions/contracts/workflows.js';
import { actionError, draftOf, emptyAction, emptyDraft, requestOf, validateDraft } from '../../../frontend/src/dashboard/workflows/workflow-draft.js';

describe('the Create Workflow form', () => {
  it('shows the spec texts under the fields they belong to before anything is sent', () => {
    const draft = {
      ...emptyDraft(),
      name: 'Texts',
      keywords: ' , ',
      actions: [{ ...emptyAction('send_sms'), fromPhone: '07700 900123', message: '  ' }, { ...emptyAction('wait'), delay: 'ten' }],
    };
    const errors = validateDraft(draft);
    expect(errors['trigger_conditions.keywords']).toBe('Please enter at least one keyword');
    expect(actionError(errors, 0, 'from_phone')).toBe(INVALID_SENDER_PHONE);
    expect(actionError(errors, 0, 'message')).toBe(EMPTY_SMS_MESSAGE);
    expect(actionError(errors, 1, 'delay')).toBe('The delay (seconds) must be a number');
  });

  it('sends keywords as typed and an SMS time as the instant the owner picked', () => {
    const draft = {
      ...emptyDraft(),
      name: 'Quotes',
      keywords: 'quote,  price list ,',
      actions: [{ ...emptyAction('send_sms'), fromPhone: '+447700900123', message: 'Hi', smsSchedule: 'specific_time' as const, specificTime: '2030-05-01T09:30' }],
    };
    expect(validateDraft(draft)).toEqual({});
    const parsed = saveWorkflowRequestSchema.parse(requestOf(draft));
    expect(parsed.trigger_conditions).toEqual({ keywords: ['quote', 'price list'] });
    expect(parsed.actions[0]).toMatchObject({ schedule: { type: 'specific_time', specific_time: new Date('2030-05-01T09:30').toISOString() } });
  });

  it('edits a stored workflow as it was saved', () => {
    const request = saveWorkflowRequestSchema.parse({
      name: 'Weekly digest',
      trigger_type: 'time_based',
      trigger_conditions: { schedule: { repeat: 'weekly', days: ['mon', 'fri'], time: '08:15', timezone: 'Europe/London' } },
      actions: [
        { type: 'create_task', config: { title: 'Call back', due_in_hours: 4 } },
        { type: 'webhook', config: { url: 'https://crm.example.com/hook' } },
      ],
      is_active: false,
    });
    const stored = { ...request, id: 'w1', chatbot_id: 'c1', execution_count: 0, last_executed_at: null, webhook_secret: 's', created_at: '', updated_at: '' } as Workflow;
    expect(saveWorkflowRequestSchema.parse(requestOf(draftOf(stored)))).toEqual(request);
  });
});
