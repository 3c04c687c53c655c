-- wrk script for Benchmarks/scripts/web_pages_bench.sh: each request is a random URL from a list (one a
-- line, the file given after `--`), with `fresh=N` added so that no two requests share a URL
-- and the server's kept answers (AnswerCache) never answer: what each page costs to make.
urls = {}
threads = 0

function setup(thread)
    threads = threads + 1
    thread:set("tid", threads)
end

-- Each thread its own random sequence and counter, so no two threads ask the same URL.
function init(args)
    for line in io.lines(args[1]) do urls[#urls + 1] = line end
    math.randomseed(tid * 7919 + os.time())
    counter = tid * 1000000000
end

request = function()
    counter = counter + 1
    local url = urls[math.random(#urls)]
    local joiner = string.find(url, "?", 1, true) and "&" or "?"
    return wrk.format(nil, url .. joiner .. "fresh=" .. counter)
end
