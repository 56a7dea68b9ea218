// The pack check's own suite only; the doc checker writes its blocks under doc-check/ with its own config.
export default { test: { include: ['*.test.js'] } }
