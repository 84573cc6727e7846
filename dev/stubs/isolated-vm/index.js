// Loaded only by n8n's "vm" expression engine, which nothing in this repository's Node 20 tooling uses.
throw new Error(
	"isolated-vm is not installed in this development install (see dev/stubs/isolated-vm/package.json): use n8n's default expression engine",
);
