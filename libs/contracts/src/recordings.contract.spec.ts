import { submissionFormSchema } from './recordings.contract';

const valid = { recipient_full_name: '  Sam Roe ', recipient_phone: ' +1 555 987 6543 ', is_over_18: 'true', decision: 'yes' };
const parse = (fields: Record<string, string | undefined>) => {
  const result = submissionFormSchema.safeParse(fields);
  if (!result.success) throw new Error(result.error.issues[0].message);
  return result.data;
};

describe('submission form', () => {
  it('trims the name and phone', () => {
    expect(parse(valid)).toEqual({ recipient_full_name: 'Sam Roe', recipient_phone: '+1 555 987 6543', is_over_18: 'true', decision: 'yes' });
  });

  it.each([
    [{ recipient_full_name: undefined }, 'Name is required'],
    [{ recipient_full_name: '   ' }, 'Name is required'],
    [{ recipient_phone: undefined }, 'Phone number is required'],
    [{ recipient_phone: '' }, 'Phone number is required'],
    [{ is_over_18: 'false' }, 'You must be over 18 to continue'],
    [{ is_over_18: undefined }, 'You must be over 18 to continue'],
    [{ decision: 'maybe' }, 'Decision must be yes or no'],
    [{ decision: undefined }, 'Decision must be yes or no'],
    [{ recipient_full_name: '', recipient_phone: '', decision: '' }, 'Name is required'],
    [{ recipient_phone: '', is_over_18: 'no' }, 'Phone number is required'],
  ])('refuses %j with %j', (overrides, message) => {
    expect(() => parse({ ...valid, ...overrides })).toThrow(message);
  });
});
