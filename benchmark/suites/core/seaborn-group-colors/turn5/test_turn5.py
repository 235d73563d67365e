import re

from group_colors.svg import svg_legend


def elements(svg, tag):
    return [dict(re.findall(r'([\w-]+)="([^"]*)"', found)) for found in re.findall(rf"<{tag}\b([^>]*)>", svg)]


def lines(svg):
    return elements(svg, "line")


def test_document_size_and_one_row_per_entry():
    svg = svg_legend(["b", "a", "c", "b"])
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="140" height="60">')
    assert svg.rstrip().endswith("</svg>")
    assert len(lines(svg)) == 3
    assert re.findall(r">([^<]+)</text>", svg) == ["b", "a", "c"]


def test_boxes_carry_fill_edge_and_text_tone():
    svg = svg_legend(["b", "a", "c", "b"])
    boxes = [r for r in elements(svg, "rect") if r["width"] == "56"]
    assert [(r["fill"], r["stroke"], r["y"]) for r in boxes] == [
        ("#3274a1", "#3d3d3d", "2"), ("#e1812c", "#3d3d3d", "22"), ("#3a923a", "#3d3d3d", "42")]
    assert [t["fill"] for t in elements(svg, "text")] == ["#ffffff", "#ffffff", "#ffffff"]


def test_dark_text_on_light_boxes():
    svg = svg_legend([1, 5, 3], shades=1)
    assert [t["fill"] for t in elements(svg, "text")] == ["#262626", "#ffffff", "#ffffff"]


def test_density_shades_follow_the_unsoftened_colour():
    svg = svg_legend(["b", "a", "c", "b"])
    strip = [r["fill"] for r in elements(svg, "rect") if r["width"] == "10" and r["y"] == "2"]
    assert strip == ["#acc9ee", "#33a5f5", "#337cb6", "#3d546e"]
    svg = svg_legend(["x<y", "z"], shades=2, saturation=1)
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40">')
    assert [r["fill"] for r in elements(svg, "rect") if r["width"] == "10"] == ["#acc9ee", "#3d546e", "#f2baa6", "#734835"]


def test_labels_are_escaped():
    svg = svg_legend(["x<y", "z"], shades=2, saturation=1)
    assert ">x&lt;y</text>" in svg


def test_first_group_is_solid_then_seaborns_dashes():
    drawn = lines(svg_legend(["b", "a", "c", "b"]))
    assert [(d["stroke"], d.get("stroke-dasharray")) for d in drawn] == [
        ("#1f77b4", None), ("#ff7f0e", "4,1.5"), ("#2ca02c", "1,1")]
    assert (drawn[0]["x1"], drawn[0]["x2"], drawn[0]["y1"]) == ("104", "136", "10")


def test_later_dash_patterns():
    drawn = lines(svg_legend(list("abcdefg")))
    assert [d.get("stroke-dasharray") for d in drawn[4:7]] == ["5,1,1,1", "3,1.25,1.25,1.25,1.25,1.25", "4,1,4,1,1,1"]


def test_order_moves_styles_with_the_groups():
    drawn = lines(svg_legend(["b", "a", "c"], order=["c", "b", "a"]))
    assert [(d["stroke"], d.get("stroke-dasharray")) for d in drawn] == [
        ("#1f77b4", None), ("#ff7f0e", "4,1.5"), ("#2ca02c", "1,1")]
    assert re.findall(r">([^<]+)</text>", svg_legend(["b", "a", "c"], order=["c", "b", "a"])) == ["c", "b", "a"]


def test_brief_rows_are_solid_unless_their_value_is_in_the_data():
    svg = svg_legend([3, 17, 44, 91, 120, 133, 250], scheme="viridis")
    assert re.findall(r">([^<]+)</text>", svg) == ["50", "100", "150", "200", "250"]
    assert [d.get("stroke-dasharray") for d in lines(svg)] == [None, None, None, None, "4,1,4,1,1,1"]


def test_no_data_gives_an_empty_document():
    assert svg_legend([]) == '<svg xmlns="http://www.w3.org/2000/svg" width="140" height="0">\n</svg>'
