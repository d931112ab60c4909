import { runScenarios } from './scenarios.js';

// Scenarios and their sources: fixtures/hosts/zed/*/expected.json (facts from ../shared/hosts.md).
runScenarios('zed');
