import { defineConfig } from 'vitest/config';
import { databaseTestSettings } from './src/vitest-tiers.ts';

export default defineConfig({ test: databaseTestSettings() });
