import { runScenarios } from './scenarios.js';

// Scenarios and their sources: fixtures/hosts/amp/*/expected.json (facts and their upstream sources: src/discovery/hosts/<host>.ts).
runScenarios('amp');
