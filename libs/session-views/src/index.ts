export * from './entry-marks';
export * from './recipient-token';
export * from './session-view.store';
export * from './session-view-access';
export * from './session-view-cipher';
export * from './partner-credential';
