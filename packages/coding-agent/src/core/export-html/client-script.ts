/**
 * The page's inline script. It reads the embedded session data, and when a tree row is clicked shows the branch
 * through that entry: the path from the root to the entry, continued to the current leaf when the entry lies on
 * the leaf's path, otherwise to the newest leaf below it. Entry fragments are pre-rendered by the server; the
 * script only hides and shows the ones that change, so switching stays fast for thousands of entries.
 *
 * Kept as plain ES2017 text (not a compiled function) so the bundler/test transforms cannot inject helpers into it.
 */
export const clientScript = `
(function () {
	"use strict";
	var dataElement = document.getElementById("pi-session-data");
	var conversation = document.getElementById("conversation");
	var tree = document.getElementById("tree");
	if (!dataElement || !conversation || !tree) return;
	var data = JSON.parse(dataElement.textContent || "{}");
	var entries = data.entries || [];
	var byId = new Map();
	var position = new Map();
	var children = new Map();
	entries.forEach(function (entry, index) {
		byId.set(entry.id, entry);
		position.set(entry.id, index);
	});
	entries.forEach(function (entry) {
		var parent = entry.parentId != null && byId.has(entry.parentId) ? entry.parentId : null;
		if (!children.has(parent)) children.set(parent, []);
		children.get(parent).push(entry);
	});
	children.forEach(function (list) {
		list.sort(function (a, b) {
			if (a.timestamp !== b.timestamp) return a.timestamp < b.timestamp ? -1 : 1;
			return position.get(a.id) - position.get(b.id);
		});
	});

	function pathTo(id) {
		var path = [];
		var seen = new Set();
		var current = byId.get(id);
		while (current && !seen.has(current.id)) {
			seen.add(current.id);
			path.push(current.id);
			current = current.parentId != null ? byId.get(current.parentId) : undefined;
		}
		return path.reverse();
	}

	var leafPath = new Set(data.leafId != null ? pathTo(data.leafId) : []);

	function branchEnd(id) {
		if (leafPath.has(id)) return data.leafId;
		var current = id;
		for (;;) {
			var list = children.get(current);
			if (!list || list.length === 0) return current;
			current = list[list.length - 1].id;
		}
	}

	var fragments = new Map();
	Array.prototype.forEach.call(conversation.children, function (element) {
		if (element.dataset && element.dataset.id) fragments.set(element.dataset.id, element);
	});
	var nodes = new Map();
	Array.prototype.forEach.call(tree.querySelectorAll("a.node"), function (element) {
		nodes.set(element.dataset.id, element);
	});

	// When every parent precedes its children in the file (always, for files pi writes), the server renders the
	// fragments in file order and every path is already in order: switching only toggles the entries that change.
	var fileOrdered = data.fileOrdered === true;
	var shown = new Set(leafPath);
	var active = null;
	var highlighted = null;

	function setShown(entryId, on) {
		var fragment = fragments.get(entryId);
		if (fragment) fragment.hidden = !on;
		var node = nodes.get(entryId);
		if (node) node.classList.toggle("selected", on);
	}

	function select(id) {
		var path = pathTo(branchEnd(id));
		var next = new Set(path);
		shown.forEach(function (entryId) {
			if (!next.has(entryId)) setShown(entryId, false);
		});
		path.forEach(function (entryId) {
			if (!shown.has(entryId)) setShown(entryId, true);
		});
		if (!fileOrdered) {
			var ordered = document.createDocumentFragment();
			path.forEach(function (entryId) {
				var fragment = fragments.get(entryId);
				if (fragment) ordered.appendChild(fragment);
			});
			conversation.insertBefore(ordered, conversation.firstChild);
		}
		shown = next;
		if (active) active.classList.remove("active");
		active = nodes.get(id) || null;
		if (active) active.classList.add("active");
		if (highlighted) highlighted.classList.remove("highlight");
		highlighted = fragments.get(id) || null;
		// A result shown inside its call has only an empty anchor: point at the call's message instead.
		if (highlighted && highlighted.dataset.owner) highlighted = fragments.get(highlighted.dataset.owner) || highlighted;
		if (highlighted) {
			highlighted.classList.add("highlight");
			highlighted.scrollIntoView({ block: "start" });
		}
	}

	tree.addEventListener("click", function (event) {
		var target = event.target;
		var node = target && target.closest ? target.closest("a.node") : null;
		if (!node) return;
		event.preventDefault();
		select(node.dataset.id);
		if (history.replaceState) history.replaceState(null, "", "#e-" + node.dataset.id);
	});

	var hash = decodeURIComponent(location.hash || "");
	if (hash.indexOf("#e-") === 0 && byId.has(hash.slice(3))) select(hash.slice(3));
})();
`;
