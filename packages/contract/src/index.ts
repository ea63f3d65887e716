export * from './constants.ts';
export * from './dto.ts';
export * from './messages.ts';
export * from './plans.ts';
export * from './routes.ts';
export * from './schemas.ts';
export * from './public-api.ts';
export * from './payments.ts';
