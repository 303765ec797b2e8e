/** The one home for what crosses the wire: api, widget and admin all import from here. */
export * from './limits';
export * from './fields';
export * from './perspectives';
export * from './signature';
export * from './letter';
export * from './letter-layout';
export * from './message-point';
export * from './campaign';
export * from './campaign-display';
export * from './settings';
export * from './session';
export * from './pagination';
export * from './admin-queries';
export * from './responses';
export * from './upload';
export * from './colors';
export * from './errors';
