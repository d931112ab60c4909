import { runScenarios } from './scenarios.js';

// Scenarios and their sources: fixtures/hosts/amp/*/expected.json (facts from ../shared/hosts.md).
runScenarios('amp');
