/**
 * Full-page navigations to addresses outside the router (the provider's checkout and billing portal, the test
 * checkout's return address). One object, so tests can watch them: jsdom's `window.location` cannot be replaced.
 */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
