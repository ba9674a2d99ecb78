export * from './fields';
export * from './text';
export * from './cart';
export * from './checkout';
export * from './auth';
export * from './order';
export * from './analytics';
