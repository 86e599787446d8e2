import type { NavigateOptions, To } from 'react-router';

// The app runs in a <BrowserRouter> (tests in a <MemoryRouter>), whose navigate returns nothing; the Promise in
// react-router's own type is a data router's. Narrowed as react-router's useNavigate documentation advises.
declare module 'react-router' {
  interface NavigateFunction {
    (to: To, options?: NavigateOptions): void;
    (delta: number): void;
  }
}
