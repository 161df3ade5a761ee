-- derive.lua — the Markdown and DOCX forms of many rendered pages in one pandoc
-- process (a pandoc start costs more than a small page's conversion). Used by
-- `make eval` (tests/eval/layouts.py) as a pandoc Lua filter:
--   CVX_DERIVE_JOBS=jobs.tsv pandoc -f markdown -t plain -o /dev/null --lua-filter derive.lua </dev/null
-- each line of jobs.tsv is "md|docx<TAB>INPUT.html<TAB>OUT": OUT is written
-- atomically (OUT.tmp, then renamed) with what `pandoc -f html -t gfm|docx INPUT.html`
-- writes; a page pandoc cannot convert is named on stdout as "FAIL OUT: reason"
-- and the batch goes on.

local function slurp(path)
  local f = assert(io.open(path, "rb"))
  local s = f:read("a")
  f:close()
  return s
end

-- the Markdown and DOCX forms of a page without images are made from one reading
local last_input, last_doc

local function convert(form, input, out)
  if input ~= last_input then
    last_input, last_doc = nil, nil
    last_doc = pandoc.read(slurp(input), "html")
    last_input = input
  end
  local doc = last_doc
  local data = pandoc.write(doc, form == "md" and "gfm" or "docx")
  local f = assert(io.open(out .. ".tmp", "wb"))
  assert(f:write(data))
  assert(f:close())
  assert(os.rename(out .. ".tmp", out))
end

function Pandoc(doc)
  local jobs = assert(os.getenv("CVX_DERIVE_JOBS"), "CVX_DERIVE_JOBS not set")
  for line in io.lines(jobs) do
    local form, input, out = line:match("^([^\t]+)\t([^\t]+)\t([^\t]+)$")
    if form then
      local ok, err = pcall(convert, form, input, out)
      if not ok then
        os.remove(out .. ".tmp")
        io.stdout:write("FAIL " .. out .. ": " .. tostring(err):gsub("\n", " ") .. "\n")
        io.stdout:flush()
      end
    end
  end
  return doc
end
