import { devTextsPage, devTextsSearchPage } from './dev-texts.page';

describe('devTextsPage', () => {
  it('lists each text with its number and time, escaping what a text could carry, and reloads itself', () => {
    const page = devTextsPage([
      {
        to: '+15559876543',
        body: 'ConsentIQ code: 123456 <script>alert(1)</script> & "more"',
        sentAt: '2026-11-26T12:00:00.000Z',
        purpose: 'phone_code',
      },
    ]);
    expect(page).toContain('ConsentIQ code: 123456 &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;more&quot;');
    expect(page).not.toContain('<script>');
    expect(page).toContain('2026-11-26T12:00:00.000Z to +15559876543 (phone_code)');
    expect(page).toContain('<meta http-equiv="refresh" content="5">');
    expect(page).toContain('href="/dev/texts?to="');
  });

  it('says when there is nothing yet', () => {
    expect(devTextsPage([])).toContain('No texts yet.');
  });

  it('names the number whose texts it lists', () => {
    expect(devTextsPage([], '+15559876543')).toContain('The texts to +15559876543, newest first, however old.');
  });
});

describe('devTextsSearchPage', () => {
  it('asks for a number without reloading itself, which would lose what is typed', () => {
    const page = devTextsSearchPage();
    expect(page).toContain('<form method="get" action="/dev/texts">');
    expect(page).toContain('name="to"');
    expect(page).not.toContain('http-equiv="refresh"');
  });

  it('says a number that parsed as none is none, escaped', () => {
    const page = devTextsSearchPage('<b>12</b>');
    expect(page).toContain('&lt;b&gt;12&lt;/b&gt; is not a phone number');
    expect(page).toContain('value="&lt;b&gt;12&lt;/b&gt;"');
  });
});
