import { lineOfText } from './text';

describe('lineOfText', () => {
  const name = lineOfText('Name is required', 'Name').trim().min(1, 'Name is required');
  const message = (value: unknown) => {
    const result = name.safeParse(value);
    return result.success ? result.data : result.error.issues[0].message;
  };

  it('accepts what people type, in any script', () => {
    expect(['Alex Doe', "Siobhán O'Neill", '李小龍', 'Zoë 🙂'].map(message)).toEqual([
      'Alex Doe',
      "Siobhán O'Neill",
      '李小龍',
      'Zoë 🙂',
    ]);
  });

  it.each(['\u0000', 'a\u0000b', 'tab\there', 'new\nline', 'carriage\r', '\u001b[31m', 'del\u007f'])(
    'refuses %j with a message naming the field',
    (value) => {
      expect(message(value)).toBe('Name must not contain control characters');
    },
  );

  it('keeps the required message for a missing or non-string value', () => {
    expect([message(undefined), message(42)]).toEqual(['Name is required', 'Name is required']);
  });
});
