import { runScenarios } from './scenarios.js';

// Scenarios and their sources: fixtures/hosts/gemini-cli/*/expected.json (facts and their upstream sources: src/discovery/hosts/<host>.ts).
runScenarios('gemini-cli');
