import { devTextsPage } from './dev-texts.page';

describe('devTextsPage', () => {
  it('lists each text with its number and time, escaping what a text could carry', () => {
    const page = devTextsPage([{ to: '+15559876543', body: 'ConsentIQ code: 123456 <script>alert(1)</script> & "more"', sentAt: '2026-11-26T12:00:00.000Z', purpose: 'phone_code' }]);
    expect(page).toContain('ConsentIQ code: 123456 &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;more&quot;');
    expect(page).not.toContain('<script>');
    expect(page).toContain('2026-11-26T12:00:00.000Z to +15559876543 (phone_code)');
  });

  it('says when there is nothing yet', () => {
    expect(devTextsPage([])).toContain('No texts yet.');
  });
});
