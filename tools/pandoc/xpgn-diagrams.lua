-- xpgn-diagrams.lua: a pandoc filter that draws ```{.xpgn ...} code blocks as inline SVG
-- diagrams with `xpgn render` ($XPGN, else xpgn on PATH). See docs/diagrams-in-documents.md.
--
--   pandoc --lua-filter tools/pandoc/xpgn-diagrams.lua page.md -o page.html
--
-- A block holds a FEN, a PGN fragment or nothing (the start position); its attributes are the
-- options: variant, options, fen, move, game, ply, size, theme (values), flip, no-coordinates,
-- no-last-move, no-check (classes, or =true), arrows and squares (comma-separated lists).
-- The same blocks as tools/xpgn-markdown reads, which also accepts ```xpgn key=value ...

local xpgn = os.getenv("XPGN") or "xpgn"

local value_options = {
  variant = true, options = true, fen = true, move = true,
  game = true, ply = true, size = true, theme = true,
}
local flag_options = {
  flip = true, ["no-coordinates"] = true, ["no-last-move"] = true, ["no-check"] = true,
}
local list_options = { arrows = "--arrow", squares = "--square" }

-- True when `value` switches a flag on.
local function is_on(value)
  return value == "" or value == "true" or value == "yes" or value == "1"
end

-- The xpgn render arguments for a block and the PGN to give on standard input ("" for none).
local function render_arguments(block)
  local args = { "render" }
  local body = block.text:gsub("^%s+", ""):gsub("%s+$", "")
  local pgn = ""
  if body:match("^%[") or body:match("^%d+%.") then
    pgn = body .. "\n"
    table.insert(args, "-")
  elseif body ~= "" then
    table.insert(args, "--fen")
    table.insert(args, body)
  end
  for _, class in ipairs(block.classes) do
    if flag_options[class] then table.insert(args, "--" .. class) end
  end
  for key, value in pairs(block.attributes) do
    if value_options[key] then
      table.insert(args, "--" .. key)
      table.insert(args, value)
    elseif flag_options[key] then
      if is_on(value) then table.insert(args, "--" .. key) end
    elseif list_options[key] then
      for item in value:gmatch("[^,]+") do
        table.insert(args, list_options[key])
        table.insert(args, item)
      end
    else
      error("xpgn-diagrams: unknown option '" .. key .. "'")
    end
  end
  return args, pgn
end

function CodeBlock(block)
  if not block.classes:includes("xpgn") then return nil end
  local args, pgn = render_arguments(block)
  local svg = pandoc.pipe(xpgn, args, pgn)
  svg = svg:gsub("^<%?xml[^>]*%?>%s*", "")
  return pandoc.RawBlock("html", '<div class="xpgn-diagram">\n' .. svg .. "</div>")
end
