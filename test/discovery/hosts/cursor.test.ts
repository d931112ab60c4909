import { runScenarios } from './scenarios.js';

// Scenarios and their sources: fixtures/hosts/cursor/*/expected.json (facts from ../shared/hosts.md).
runScenarios('cursor');
